"""Content loading: YAML with positions, schema, project discovery."""

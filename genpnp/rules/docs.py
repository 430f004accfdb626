"""The Rules section of docs/content.md: each rule kind, its parameters and an example."""

from __future__ import annotations

import yaml

from genpnp.content.schemadoc import key_table
from genpnp.model.rulespec import KINDS, load_all_kinds


def rules_section() -> str:
    load_all_kinds()
    out = []
    for name, kind in sorted(KINDS.items()):
        example = yaml.safe_dump([kind.example], sort_keys=False, default_flow_style=None, width=100).rstrip()
        out.append(
            f"### rule: {name}\n\n{kind.doc[0].upper()}{kind.doc[1:]}.\n\n"
            f"```yaml rule-example={name}\nrules:\n{_indent(example)}\n```\n\n{key_table(kind.params)}"
        )
    return "\n\n".join(out)


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())

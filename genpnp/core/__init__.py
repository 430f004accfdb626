"""The shared corner: errors and locations, units, colours, fonts, the file door,
the user cache, registries and progress: what every layer may import."""

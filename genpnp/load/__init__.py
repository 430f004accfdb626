"""Loading a game: its folder's files assembled into a checked Game (components, rules, texts,
overlays and the project file), above the model and the rules."""

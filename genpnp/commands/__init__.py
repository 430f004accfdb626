"""The commands: each module is one command or a family of commands, thin over the engine."""

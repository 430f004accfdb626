"""The commands: each module is one command or a family of commands, thin over the engine.

A command runs as a short process that makes many objects it keeps (modules, classes, the game's model)
and little cyclic garbage: with the collector's default threshold (a collection every 700 new objects) a
one-edit rebuild of a 52-card deck ran about 110 collections that freed under 1,000 objects, for about a
twentieth of its time. A command's process collects every 100,000 new objects instead; memory stays
bounded (bench/RESULTS.md, "Scale", measures the peak of the largest deck).
"""

import gc

gc.set_threshold(100_000, 10, 10)

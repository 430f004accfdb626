from genpnp.commands.cli import main

main()

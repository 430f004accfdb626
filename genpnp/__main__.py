from genpnp.cli import main

main()

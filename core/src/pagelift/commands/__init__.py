"""The subcommands of the pagelift command line, one module each (pagelift.cli assembles them)."""

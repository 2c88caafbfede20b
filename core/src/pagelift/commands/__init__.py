"""The subcommands of the pagelift command line, one module each (pagelift.commands.cli assembles them)."""

"""Text from runs: the one line rule, frames, right-to-left order, accents, cleaning, text assembly and dehyphenation."""

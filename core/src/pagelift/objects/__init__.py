"""The object layer: opening a file (pikepdf, pypdf's rebuild), the page tree, page ranges, bounded stream decoding."""

"""What a page paints as pictures: their pixels through the image plugins, rendering, outlined text, and OCR of scanned pages."""

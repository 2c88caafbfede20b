"""What a document holds besides its pages' content: metadata, outline, annotations, forms, attachments, page labels."""

"""Host tools for iQLANDIE (bench)."""

"""Safe-discard analysis built on the engine (R-SAFE): partner counts, exact deal-in counts,
certificates. No app code here."""

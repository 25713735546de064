"""Document, History (undo) and commands: every edit to a design goes through here."""

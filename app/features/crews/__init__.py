"""Crews (issue 39): named groups of accounts, their history, head-to-head and opt-in
league. ``history`` and ``ratings`` are pure; ``store`` reads and writes the crew tables
and the finished games; docs/crews.md tells the rules."""

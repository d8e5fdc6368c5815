"""Pure rules engines, one package per game (see engines/base.py)."""

"""Pure rules engines, one package per game, on a common core (engines/core/); the bots
beside them (engines/bots/ and each game's bot/). The layout: engines/README.md."""

"""What every wing reads alike, importing no other wing: refusals, the server's catalogues,
lobby events, settings read alike, credentials, rate limits, log lines, ``LobbyInfo``."""

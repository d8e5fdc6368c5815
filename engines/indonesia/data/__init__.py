"""Indonesia's component data: the board (``map.json``), deeds, city cards, goods, research."""

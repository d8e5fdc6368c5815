"""Deeds, city cards, goods and research tracks of the published game (spec: indonesia.md).

Everything here is a plain literal so the rules code reads data, never ``if`` chains.
"""

from __future__ import annotations

ERAS = ["a", "b", "c"]

#: Price per good sold (and per area of paid expansion, and per unit of a merger's minimum bid).
PRICES = {"rice": 20, "spice": 25, "rubber": 30, "siap faji": 35, "oil": 40}
#: Goods counters in the box; a placement beyond the supply is not possible.
GOODS_SUPPLY = {"rice": 54, "spice": 44, "rubber": 40, "siap faji": 40, "oil": 36}
GOODS = list(PRICES)
SHIPPING = "shipping"
#: Minimum bid per unit in a merger; rice + spice (becoming siap faji) is priced at 25.
MERGER_UNIT_PRICE = {**PRICES, SHIPPING: 10, "rice+spice": 25}
SHIP_FEE = 5

#: Company deeds: id -> era, type, home province, and for shipping the ship limit per era.
DEEDS: dict[str, dict] = {
    "a1": {"era": "a", "type": "rice", "province": "Bali"},
    "a2": {"era": "a", "type": "rice", "province": "Jawa Barat"},
    "a3": {"era": "a", "type": "spice", "province": "Halmahera"},
    "a4": {"era": "a", "type": "spice", "province": "Maluku"},
    "a5": {"era": "a", "type": SHIPPING, "province": "Halmahera", "ships": [3, 4, 5]},
    "a6": {"era": "a", "type": SHIPPING, "province": "Jawa Timur", "ships": [2, 3, 3]},
    "a7": {"era": "a", "type": SHIPPING, "province": "Lampung", "ships": [2, 3, 4]},
    "a8": {"era": "a", "type": SHIPPING, "province": "Sulawesi Selatan", "ships": [3, 3, 4]},
    "b1": {"era": "b", "type": "rice", "province": "Aceh"},
    "b2": {"era": "b", "type": "rice", "province": "Kalimantan Timur"},
    "b3": {"era": "b", "type": "spice", "province": "Jawa Tengah"},
    "b4": {"era": "b", "type": "spice", "province": "Sulawesi Tengah"},
    "b5": {"era": "b", "type": "rubber", "province": "Kalimantan Barat"},
    "b6": {"era": "b", "type": "rubber", "province": "Riau"},
    "b7": {"era": "b", "type": "rubber", "province": "Sumatera Barat"},
    "b8": {"era": "b", "type": SHIPPING, "province": "Jawa Barat", "ships": [0, 4, 5]},
    "b9": {"era": "b", "type": SHIPPING, "province": "Sumatera Utara", "ships": [0, 4, 5]},
    "c1": {"era": "c", "type": "rice", "province": "Sulawesi Tenggara"},
    "c2": {"era": "c", "type": "spice", "province": "Sumatera Selatan"},
    "c3": {"era": "c", "type": "rubber", "province": "Papua"},
    "c4": {"era": "c", "type": "oil", "province": "Kalimantan Selatan"},
    "c5": {"era": "c", "type": "oil", "province": "Maluku"},
    "c6": {"era": "c", "type": "oil", "province": "Papua"},
    "c7": {"era": "c", "type": "oil", "province": "Sarawak"},
}

#: City cards: id -> the three provinces a city may be founded in.
CITY_CARDS: dict[str, list[str]] = {
    "A1": ["Jawa Barat", "Jawa Tengah", "Sumatera Selatan"],
    "A2": ["Jawa Timur", "Sulawesi Selatan", "Sumatera Selatan"],
    "A3": ["Bali", "Jawa Tengah", "Sulawesi Utara"],
    "A4": ["Jawa Barat", "Sulawesi Selatan", "Sulawesi Utara"],
    "A5": ["Bali", "Jawa Barat", "Jawa Timur"],
    "B1": ["Aceh", "Sumatera Utara", "Bengkulu"],
    "B2": ["Sumatera Barat", "Lampung", "Kalimantan Selatan"],
    "B3": ["Aceh", "Lampung", "Maluku"],
    "B4": ["Sumatera Barat", "Bengkulu", "Jawa Barat"],
    "B5": ["Sumatera Utara", "Kalimantan Selatan", "Maluku"],
    "C1": ["Jambi", "Sulawesi Tengah", "Nusa Tenggara Timur"],
    "C2": ["Jawa Barat", "Nusa Tenggara Timur", "Halmahera"],
    "C3": ["Nusa Tenggara Barat", "Halmahera", "Papua"],
    "C4": ["Sarawak", "Sulawesi Tengah", "Papua"],
    "C5": ["Jambi", "Sarawak", "Nusa Tenggara Barat"],
}

#: City stones in the box by size.
CITY_STONES = {1: 12, 2: 8, 3: 3}
MAX_CITY_SIZE = 3

STARTING_CASH = 100
#: Research tracks (levels 1..5, all start at 1).
TRACKS = ["slots", "mergers", "hull", "expansion", "bid"]
MAX_LEVEL = 5
#: Turn Order Bid multiplier by level.
BID_MULTIPLIER = {1: 1, 2: 5, 3: 25, 4: 100, 5: 400}

"""What plugs into every room through the room port (app/realtime/port.py): the clock, the
chat, the rematch, take-backs and the your-turn notices. Each stands alone; none imports
the room, the hub or another feature."""

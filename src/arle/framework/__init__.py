"""The game-agnostic framework under both games of this package.

Everything here works for any game that follows the game protocol, and imports no module
of a particular game: the protocol itself (setup, legal actions, apply, clone, a seat's
view, scores, record and replay, errors), and what is written once against it (bots and
their registry, arenas and tournaments, the terminal game loop).  Fields of Arle
(``arle.state``, ``arle.engine``, ``arle.data``...) and the second game (``arle.green``)
sit above it as siblings; the faces (``arle.cli``, ``arle.web``, ``arle.env``) above
both.  ``docs/ARCHITECTURE.md`` draws the layers.
"""

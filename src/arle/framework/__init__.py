"""The game-agnostic framework under both games of this package.

Everything here works for any game that follows the game protocol, and imports no module
of a particular game: the protocol itself (setup, legal actions, apply, clone, a seat's
view, scores, record and replay, errors), and what is written once against it (bots and
their registry, arenas and tournaments, runs on local processes or Ray, self-play,
datasets, the PettingZoo and OpenSpiel adapters' generic parts, the terminal game loop).
Fields of Arle (``arle.state``, ``arle.engine``, ``arle.encoding``, ``arle.data``...) and
the second game (``arle.green``) sit above it as siblings; the faces (``arle.cli``,
``arle.web``, ``arle.env``, ``arle.bots``, ``arle.presenter``) above both.  ``docs/ARCHITECTURE.md`` draws the layers.
"""

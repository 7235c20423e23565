"""The frames (old path): they live in :mod:`arle.frames`, below the state and the
rules, since the state holds them (``State.stack``)."""

from arle.frames import (
    Again, AnimalsChoice, AnyFrame, BeforeNovember, Breed, Butcher,
    Cell, Colonist, Convert, Cut, DECISION_KINDS, Dig,
    Dikes, Effect, EffectArg, FRAME_TYPES, Farmer, FieldsToForests,
    Final, Frame, FreeEquipment, Grocer, House, LEGACY_EFFECT_NAMES,
    Master, Merchant, Names, OptionalAnimal, Pay, PlowMaker,
    Reconnect, RemoveMoors, Sell, Shipwright, Smithy, SpaceChoice,
    Sustain, TTBuilding, TakeAnimal, Trades, Upgrade, Wainwright,
    frame_from_json, frame_to_json,
)

__all__ = [
    "Again", "AnimalsChoice", "AnyFrame", "BeforeNovember", "Breed", "Butcher", "Cell",
    "Colonist", "Convert", "Cut", "DECISION_KINDS", "Dig", "Dikes", "Effect",
    "EffectArg", "FRAME_TYPES", "Farmer", "FieldsToForests", "Final", "Frame",
    "FreeEquipment", "Grocer", "House", "LEGACY_EFFECT_NAMES", "Master", "Merchant",
    "Names", "OptionalAnimal", "Pay", "PlowMaker", "Reconnect", "RemoveMoors", "Sell",
    "Shipwright", "Smithy", "SpaceChoice", "Sustain", "TTBuilding", "TakeAnimal",
    "Trades", "Upgrade", "Wainwright", "frame_from_json", "frame_to_json",
]

"""Device entry: build the hardware, hand the registered games to the launcher, run."""
from handheld.hardware import DeviceHardware
from handheld.app import App
from games import GAMES

App(DeviceHardware(), GAMES).run()

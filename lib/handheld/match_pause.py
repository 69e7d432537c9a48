"""The pause menu of a match (START), loaded when it opens (MatchScene.on_button)."""
from handheld.scenes import Menu, Item, TextPage, confirm
from handheld.progress import RESUME_KEY


class MatchPause(Menu):
    def __init__(self, app, match):
        self.match = match
        items = [Item("Resume", app.pop)]
        if match.can_undo():
            items.append(Item("Undo", self.undo))
        items.append(Item("Rules", lambda: app.push(TextPage(app, match.game.NAME,
                                                             match.game.RULES))))
        items.append(Item("New game", lambda: app.push(
            confirm(app, "Abandon this game and start a new one?", self.new_game,
                    yes="New game"))))
        items.append(Item("Quit to menu", self.quit))
        Menu.__init__(self, app, "Paused", items)

    def undo(self):
        self.app.pop()
        self.match.undo()

    def new_game(self):
        self.app.pop()              # this menu
        self.app.store.delete(RESUME_KEY)
        self.match.dirty_since = -1
        self.match.new_game()

    def quit(self):
        """Back to the game's menu; the game stays resumable from the title screen."""
        self.app.pop()
        self.app.pop()

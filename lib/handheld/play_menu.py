"""The pause menu and the win screen of a level (handheld.play), imported when first needed."""
from handheld.scenes import Menu, Item, TextPage

NO_SOLUTION = ("This level has no stored solution, so there is no hint. On a PC, "
               "python -m host_sim solve PACK --write stores one for every level it solves.")


class PauseMenu(Menu):
    def __init__(self, app, play):
        self.play = play
        items = [Item("Resume", app.pop),
                 Item("Undo", self.undo),
                 Item("Redo", self.redo),
                 Item("Restart", self.restart)]
        if play.has_hint:
            items.append(Item("Hint", self.hint))
        if play.has_hint and getattr(getattr(play, "level", None), "solution", ""):
            items.append(Item("Watch solution", self.watch))
        items.append(Item("Rules", lambda: app.push(TextPage(app, play.game.NAME, play.rules()))))
        if getattr(play, "has_map", False):
            items.append(Item("Level map", self.overview))
        if hasattr(play, "legend"):
            items.append(Item("Legend", lambda: app.replace(play.legend())))
        items.append(Item("Level list", self.level_list))
        items.append(Item("Quit to menu", app.home))
        Menu.__init__(self, app, "Paused  L%d" % (play.index + 1), items)

    def undo(self):
        self.app.pop()
        self.play.undo()

    def on_leave(self):
        # on the device the menu's code leaves the heap with it (~3 KB a level kept otherwise);
        # the next START or the win screen imports it again. CPython keeps it (no gain there,
        # and a class imported twice would be two classes)
        import sys
        if sys.implementation.name != "cpython":
            from handheld.entry import unload
            unload(("handheld.play_menu",))

    def redo(self):
        self.app.pop()
        self.play.redo()

    def overview(self):
        self.app.pop()
        self.play.overview()

    def restart(self):
        self.app.pop()
        self.play.restart()

    def hint(self):
        text = self.play.hint() or NO_SOLUTION
        self.app.replace(TextPage(self.app, "Hint", text))

    def watch(self):
        from handheld.replay import start
        self.app.pop()
        start(self.play)

    def level_list(self):
        self.app.pop()
        self.app.pop()


class Results(Menu):
    def __init__(self, app, play, best_before, new_best):
        self.play = play
        items = [Item("%-9s%s" % (label, value)) for label, value in play.stats()]
        if new_best and best_before:
            items.append(Item("New best! (was %d)" % best_before))
        elif best_before:
            items.append(Item("Best so far: %d" % best_before))
        if play.index + 1 < play.pack.count:
            items.append(Item("Next level", self.next_level))
        items.append(Item("Play again", self.again))
        items.append(Item("Level list", self.level_list))
        Menu.__init__(self, app, "Solved!  L%d" % (play.index + 1), items,
                      on_back=self.level_list)

    def next_level(self):
        from handheld.launcher import play as start_level
        play = self.play
        self.level_list()
        levels = self.app.top()
        if hasattr(levels, "cursor"):
            levels.cursor = play.index + 1
            levels.draw()
        start_level(self.app, play.game, play.pack, play.progress, play.index + 1)

    def again(self):
        from handheld.launcher import play as start_level
        play = self.play
        self.level_list()
        start_level(self.app, play.game, play.pack, play.progress, play.index)

    def level_list(self):
        self.app.pop()   # results
        self.app.pop()   # the finished level

"""The server-side time of one learner action on the Play page, including the bots' replies:
the engine alone (act + bots to the learner's next decision, with hints' risk analysis) and the
page's whole script run (AppTest, pace "instant"). Run by ``make bench``. Target: < 150 ms."""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from trainer.analysis.safety import hidden_analysis, table_from_view  # noqa: E402
from trainer.bots import HeuristicBot  # noqa: E402
from trainer.engine import RuleSet  # noqa: E402
from trainer.engine.game.actions import ActionKind  # noqa: E402
from trainer.engine.game.state import Phase  # noqa: E402
from trainer.play.session import PlaySession  # noqa: E402
from trainer.store import ProgressStore, open_database  # noqa: E402
from trainer.ui import session  # noqa: E402


def engine_actions(hands: int = 60) -> list[float]:
    times = []
    bot = HeuristicBot()
    for seed in range(hands):
        play = PlaySession(seed, RuleSet())
        rng = random.Random(seed)
        play.run_bots()
        while not play.state.over:
            view = play.view()
            action = bot.choose(view, rng)
            start = time.perf_counter()
            play.act(action)
            play.run_bots()
            view = play.view()
            if view.phase is Phase.DISCARD and view.dealer_discarded and play.learner_to_act:
                hidden_analysis(table_from_view(view, first_discard=False), samples=0)
            times.append(time.perf_counter() - start)
    return times


def page_actions(hands: int = 4) -> list[float]:
    times = []
    with tempfile.TemporaryDirectory() as folder:
        os.environ["DOU14_DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
        session._store.clear()
        learner = ProgressStore(open_database()).create_learner("Bench").id
        for seed in range(hands):
            at = AppTest.from_file(str(ROOT / "trainer" / "app.py"), default_timeout=60)
            at.query_params.update(learner=str(learner), seed=str(seed), pace="instant")
            at.switch_page("app_pages/play.py")
            at.run()
            at.toggle(key="play_hints").set_value(True).run()
            bot, rng = HeuristicBot(), random.Random(seed)
            for _ in range(60):
                play = at.session_state["play"]
                if play.state.over:
                    break
                action = bot.choose(play.view(), rng)
                if action.kind is ActionKind.DISCARD:
                    key = f"discard-{action.cards[0]}"
                else:
                    specials = [a for a in play.view().legal if a.kind is not ActionKind.DISCARD]
                    key = f"act-{specials.index(action)}-{action.kind.value}"
                start = time.perf_counter()
                at.button(key=key).click().run()
                times.append(time.perf_counter() - start)
    return times


def report(label: str, times: list[float]) -> None:
    times = sorted(times)
    print(f"  {label:<48} median {statistics.median(times) * 1000:6.1f} ms, "
          f"p95 {times[int(len(times) * 0.95)] * 1000:6.1f} ms, n={len(times)}")


if __name__ == "__main__":
    print("one learner action including the bots' replies [target < 150 ms]:")
    report("engine: act + bots + hint risk analysis", engine_actions())
    report("Play page script run (AppTest, hints on)", page_actions())

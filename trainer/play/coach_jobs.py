"""The coach's reviews, computed in the background after a hand (issue 29): one worker thread
per process, so a review never holds up a page run, and a small bounded table of jobs keyed by
the replay (every tab and reload asking for the same hand shares one). A job says how far it has
got, for the page's progress bar."""

from __future__ import annotations

import hashlib
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from trainer.engine.errors import Dou14Error
from trainer.engine.game.actions import ActionKind
from trainer.engine.game.replay import Replay
from trainer.play.coach_review import PricedHand, price_hand
from trainer.store import ProgressStore

logger = logging.getLogger(__name__)

KEPT = 16
"""Jobs kept per process (the oldest finished ones go first)."""


@dataclass
class Job:
    done: int = 0
    total: int = 0
    result: PricedHand | None = None
    failed: bool = False
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def finished(self) -> bool:
        return self.result is not None or self.failed

    def _step(self, done: int, total: int) -> None:
        with self._lock:
            self.done, self.total = done, total


_jobs: OrderedDict[str, Job] = OrderedDict()
_lock = threading.Lock()
_worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="coach-review")


def _run(job: Job, replay: Replay, seat: int, keep: Callable[[PricedHand], None] | None
         ) -> None:
    try:
        result = price_hand(replay, seat, progress=job._step)
    except Exception:  # a review that cannot be made says so; the hand itself is kept
        job.failed = True
        raise
    if keep is not None:
        try:
            keep(result)  # kept at once: a tally of reviewed hands need not wait for a page
        except Exception:
            logger.exception("a finished review was not kept; the next look keeps it")
    job.result = result


def review_key(replay: Replay, seat: int) -> str:
    """The key of ``seat``'s review of ``replay``: in the job table and in the database."""
    return hashlib.sha256(f"{seat}:{replay.dumps()}".encode()).hexdigest()


def review_of(store: ProgressStore, learner_id: int, replay: Replay, seat: int
              ) -> PricedHand | Job:
    """The review kept with the hand, or the job making it (kept once it finishes; a stored
    review that no longer reads is made again)."""
    key = review_key(replay, seat)
    stored = store.coach_reviews.get(learner_id, key)
    if stored is not None:
        try:
            return PricedHand.loads(stored)
        except Dou14Error:
            pass
    job = review_job(replay, seat, keep=lambda result: store.coach_reviews.save(
        learner_id, key, result.dumps()))
    if job.result is not None:
        store.coach_reviews.save(learner_id, key, job.result.dumps())
        return job.result
    return job


def mistake_steps(found: PricedHand | Job) -> list[int]:
    """The steps of the hand where the coach's finished review found a mistake (none while the
    review is being made): the review's Next flagged moment goes to them beside the engine's
    flags."""
    return [] if isinstance(found, Job) else [d.step for d in found.decisions if d.mistake]


COACHED_HANDS = 3
"""The hands a learner's play is scored over (issue 31: three coached hands, by points lost)."""


def _newest_reviews(store: ProgressStore, learner_id: int, count: int) -> list[PricedHand]:
    """The learner's ``count`` newest stored reviews, newest first; a stored review that no
    longer reads is left out."""
    found = []
    for text in store.coach_reviews.newest(learner_id, count):
        try:
            found.append(PricedHand.loads(text))
        except Dou14Error:
            continue
    return found


def recent_losses(store: ProgressStore, learner_id: int, count: int = COACHED_HANDS
                  ) -> list[float]:
    """Points lost (mistakes only, R-PAY) in each of the learner's ``count`` newest reviewed
    hands, oldest first; a stored review that no longer reads is left out."""
    return [review.points_lost for review in _newest_reviews(store, learner_id, count)][::-1]


def recent_mistakes(store: ProgressStore, learner_id: int, count: int = COACHED_HANDS
                    ) -> list[tuple[ActionKind, float]]:
    """The mistakes of the learner's ``count`` newest reviewed hands, each as the kind of move
    the mistake was about — the move chosen, or the win let go (R-WIN) — and the points it lost
    (R-PAY): what Home and Progress weigh to point at a skill."""
    return [(d.about, d.loss)
            for review in _newest_reviews(store, learner_id, count)
            for d in review.decisions if d.mistake]


def review_job(replay: Replay, seat: int, keep: Callable[[PricedHand], None] | None = None
               ) -> Job:
    """The job reviewing ``seat``'s hand in ``replay``, started if it was not; ``keep`` (if
    given) stores the finished review."""
    key = review_key(replay, seat)
    with _lock:
        job = _jobs.get(key)
        if job is not None:
            _jobs.move_to_end(key)
            return job
        job = _jobs[key] = Job()
        while len(_jobs) > KEPT:
            oldest = next((k for k, j in _jobs.items() if j.finished), None)
            if oldest is None:
                break
            del _jobs[oldest]
    _worker.submit(_run, job, replay, seat, keep)
    return job

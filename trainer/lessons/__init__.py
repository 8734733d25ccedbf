"""Lessons: data files checked and answered by the engine, run with feedback that teaches.
No Streamlit here."""

from trainer.lessons.model import Explain, Lesson, LessonError, Question, Step, load_lesson, load_lessons
from trainer.lessons.run import Feedback, LessonRun, PlanItem
from trainer.lessons.task import Task, TaskError

__all__ = ["Explain", "Feedback", "Lesson", "LessonError", "LessonRun", "PlanItem", "Question",
           "Step", "Task", "TaskError", "load_lesson", "load_lessons"]

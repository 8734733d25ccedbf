"""Lessons: data files in ``lessons/`` checked and answered by the engine. No Streamlit here."""

from trainer.lessons.model import Lesson, LessonError, Step, load_lesson, load_lessons
from trainer.lessons.tasks import TASK_KINDS, Task, TaskError

__all__ = ["TASK_KINDS", "Lesson", "LessonError", "Step", "Task", "TaskError", "load_lesson",
           "load_lessons"]

"""What the learner knows, skill by skill (issue 32): the skill map, the mastery estimate and
the choice of the next exercise — plain functions of the recorded answers, no app here."""

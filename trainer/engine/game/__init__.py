"""A whole hand of 斗十四 as a state machine: actions, state, views, replays, matches."""

//! The zone dungeon (issue #12): themed zones, a puzzle tree grown from the goal, bridge locks.

//! The code puzzle (issue #13): levels generated backwards from a solution program.

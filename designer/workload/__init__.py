"""Jobs on a design or a plan: a training step, memory per GPU, days and dollars to train (Qt-free)."""

"""Design-space search: every combination of a grid of cluster parameters, evaluated in parallel on Dask.

`grid` expands the ranges lazily; `evaluate` is a pure function of one point's parameters (a cluster plan
sized, modelled and costed); `run` evaluates chunks of points on Dask's local schedulers or on a
dask.distributed cluster, streams the rows to disk in grid order and marks the Pareto set in a second pass,
so memory stays bounded whatever the grid's size; `pareto` keeps the running front.
"""

"""Cluster plans: fabric sizing, racks, feeds, cooling, BOM, cluster rules and the cross-tier model (Qt-free).

A plan holds a node design and never reaches into its parts except through the node's analysis
(designer.cluster.node.node_figures)."""

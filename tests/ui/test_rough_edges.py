"""Rough edges of issue 25 seen on Xvfb, each checked with the user's events."""

from ui_harness.gestures import ScriptedUser


def test_counts_read_1_node_and_2_nodes(make_window):
    window = make_window("dgx-h100")
    user = ScriptedUser(window)
    nodes = window.inspector.fields["nodes"]
    assert window.document.design.settings.nodes_per_rack == 1
    assert nodes.text() == "1 node"  # was "1 nodes"
    user.type_into(nodes, "2")
    assert window.document.design.settings.nodes_per_rack == 2 and nodes.text() == "2 nodes"
    leaf = window.inspector.fields["scaleout_per_leaf"]
    assert leaf.text() == f"{window.document.design.settings.scaleout.nodes_per_leaf} nodes per leaf"  # set in sync
    user.type_into(leaf, "1")
    assert leaf.text() == "1 node per leaf"


def test_a_one_port_network_link_reads_1_port(make_window, catalog):
    window = make_window("dgx-h100")
    design = window.document.design
    link = next(lk for lk in design.links if lk.kind.value == "network" and lk.count == 1)
    window.document.selection.set([link.id])
    count = window.inspector.fields["count"]
    assert count.text() == "1 port"  # was "1 ports"
    ScriptedUser(window).type_into(count, "2")
    assert window.document.design.link(link.id).count == 2 and count.text() == "2 ports"

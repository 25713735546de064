"""The Performance panel draws each busbw curve inside its shaded uncertainty band (busbw_low/high_GBps)."""

import pytest

from designer.simulation import simulate


def test_performance_chart_shades_the_band_of_every_curve(make_window, qtbot, catalog):
    window = make_window("dgx-h100")
    window.bottom.setCurrentWidget(window.performance)
    with qtbot.waitSignal(window.performance.finished, timeout=10000):
        window.analyse()
    ax = window.performance.figure.axes[0]
    bands = [c for c in ax.collections if c.get_gid() == "band"]
    result = simulate(window.document.design, catalog, window.performance.config())
    collectives = list(dict.fromkeys(r.collective for r in result.rows))
    assert len(bands) == len(ax.get_lines()) == len(collectives)
    for band, coll in zip(bands, collectives, strict=True):
        rows = result.for_collective(coll)
        ys = band.get_paths()[0].vertices[:, 1]
        assert ys.max() == pytest.approx(max(r.busbw_high_GBps for r in rows))
        assert max(r.busbw_high_GBps for r in rows) > max(r.busbw_GBps for r in rows)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "uncertainty band" in labels

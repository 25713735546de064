"""The plan document: the current cluster plan, its file, its undo history and its change events (Qt-free).

Like the node's Document (designer.document), every edit is a command: a named pure transformation
ClusterPlan -> ClusterPlan. The History stores the plan before and after, so undo and redo are exact. A
command refuses a value the plan's models refuse (a 0 A feed, a negative kW) and a plan that cannot be built
(a switch with fewer ports than the node's rails, a fat tree beyond three tiers, a node that fits no
rack), with a one-line reason; the plan is then left as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from designer.cluster.build import ClusterModel
from designer.cluster.field_words import field_word
from designer.cluster.files import load_plan, save_plan
from designer.cluster.plan import ClusterPlan
from designer.cluster.racks import nodes_per_rack
from designer.core.constraints import constraint, refusal
from designer.core.errors import DesignerError
from designer.core.messages import Msg, _m
from designer.core.signal import Signal
from designer.document.commands import CommandError
from designer.document.document import mark_saved
from designer.document.history import History, Step
from designer.model.catalog import Catalog
from designer.model.design import Waiver
from designer.model.parts import CduSpec, PduSpec, RackSpec


def check_buildable(plan: ClusterPlan, catalog: Catalog) -> None:
    """Raise DesignerError when the plan cannot be sized or racked (cheap: no rack layout is made)."""
    model = ClusterModel(plan, catalog)
    model.compute  # noqa: B018 (sizing raises on switch ports, planes, the fat tree's reach)
    model.aux  # noqa: B018
    site = model.site
    model.part(site.rack_part, RackSpec)
    if site.pdu_part is not None:  # None: a PDU rated to the feed, not in the catalog
        model.part(site.pdu_part, PduSpec)
    cdu = model.part(site.cdu_part or "", CduSpec)
    nodes_per_rack(model.node, site, cdu.rack_units if cdu.placement == "in_rack" else 0)


@dataclass(frozen=True)
class PlanCommand:
    label: Msg  # the undo name: str(label) is the English
    apply: Callable[[ClusterPlan], ClusterPlan]
    merge_key: str | None = None

    def run(self, plan: ClusterPlan, catalog: Catalog) -> ClusterPlan:
        try:
            after = self.apply(plan)
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            where = ".".join(map(str, err["loc"]))
            label, scale = field_word(where)
            raise CommandError(refusal(label, err, scale) if where else constraint(err)) from None
        try:
            check_buildable(after, catalog)
        except DesignerError as exc:
            raise CommandError(str(exc)) from None
        return after


def replaced(model: BaseModel, path: tuple[str, ...], value: Any) -> BaseModel:
    """A copy of `model` with the field at `path` set to `value`, validated at every level on the way up."""
    name = path[0]
    if name not in type(model).model_fields:
        raise CommandError(f"the plan has no setting '{name}'")
    if len(path) > 1:
        child = getattr(model, name)
        if not isinstance(child, BaseModel):
            raise CommandError(f"'{name}' has no setting '{path[1]}'")
        value = replaced(child, path[1:], value)
    return type(model).model_validate({**dict(model), name: value})


def set_plan_field(path: str, value: Any) -> PlanCommand:
    """Set one setting of the plan by its dotted path: `site.feed.amps`, `fabrics.compute.planes`, `name`."""
    parts = tuple(path.split("."))

    label, scale = field_word(path)

    def apply(plan: ClusterPlan) -> ClusterPlan:
        try:
            out = replaced(plan, parts, value)
        except ValidationError as exc:  # named by the setting's words, not the innermost model's field
            raise CommandError(refusal(label, exc.errors(include_url=False)[0], scale)) from None
        assert isinstance(out, ClusterPlan)
        return out
    return PlanCommand(_m("Set {field}", field=label), apply)


def set_plan_size(gpus: int | None = None, nodes: int | None = None) -> PlanCommand:
    """The cluster's size as a GPU count or a node count (the other one is cleared)."""
    def apply(plan: ClusterPlan) -> ClusterPlan:
        try:
            return ClusterPlan.model_validate({**dict(plan), "gpus": gpus, "nodes": nodes})
        except ValidationError as exc:
            label = field_word("size.gpus" if gpus is not None else "size.nodes")[0]
            raise CommandError(refusal(label, exc.errors(include_url=False)[0])) from None
    return PlanCommand(_m("Set GPU count") if gpus is not None else _m("Set node count"), apply)


def add_plan_waiver(rule: str, ids: tuple[str, ...], reason: str) -> PlanCommand:
    if not reason.strip():
        raise CommandError("a waiver needs a reason")
    waiver = Waiver(rule=rule, ids=ids, reason=reason.strip())
    return PlanCommand(_m("Waive {rule}", rule=rule), lambda p: p.model_copy(update={"waivers": (*p.waivers, waiver)}))


def remove_plan_waiver(rule: str, ids: tuple[str, ...]) -> PlanCommand:
    def apply(plan: ClusterPlan) -> ClusterPlan:
        kept = tuple(w for w in plan.waivers if not (w.rule == rule and tuple(w.ids) == tuple(ids)))
        return plan.model_copy(update={"waivers": kept})
    return PlanCommand(_m("Remove waiver of {rule}", rule=rule), apply)


@dataclass(frozen=True)
class PlanChange:
    before: ClusterPlan | None  # None when the whole plan was replaced (a file opened)
    after: ClusterPlan


class PlanDocument:
    def __init__(self, plan: ClusterPlan, catalog: Catalog, path: Path | None = None) -> None:
        self.plan, self.catalog, self.path = plan, catalog, path
        self.history: History[ClusterPlan] = History()
        self.revision = 0  # bumps on every change of the plan: analyses are keyed by it
        self.changed = Signal()  # (PlanChange)
        self.clean_changed = Signal()  # (is_clean)
        self.path_changed = Signal()  # (path | None)
        self._resolved: tuple[int | None, ClusterPlan] = (None, plan)

    @classmethod
    def open(cls, path: Path, catalog: Catalog) -> PlanDocument:
        """A document of a plan file (raises DesignFileError with one line naming the file and place)."""
        return cls(load_plan(path, catalog), catalog, Path(path))

    def push(self, command: PlanCommand) -> ClusterPlan:
        """Apply a command (raises CommandError with the reason when it cannot; the plan stays as it was)."""
        before = self.plan
        after = command.run(before, self.catalog)
        if after != before:
            was_clean = self.history.is_clean
            self.history.push(Step(command.label, before, after, command.merge_key))
            self._set(before, after, was_clean)
        return after

    def undo(self) -> None:
        self._step(self.history.undo)

    def redo(self) -> None:
        self._step(self.history.redo)

    def _step(self, move: Callable[[], ClusterPlan | None]) -> None:
        was_clean, before = self.history.is_clean, self.plan
        plan = move()
        if plan is not None:
            self._set(before, plan, was_clean)

    def _set(self, before: ClusterPlan | None, after: ClusterPlan, was_clean: bool) -> None:
        self.plan = after
        self.revision += 1
        self.changed.emit(PlanChange(before, after))
        if was_clean != self.history.is_clean:
            self.clean_changed.emit(self.history.is_clean)

    @property
    def is_clean(self) -> bool:
        return self.history.is_clean

    def resolved_plan(self) -> ClusterPlan:
        """The plan with every default filled in (the reference architecture's and the node's), as the analysis
        sees it: what an inspector shows for a setting the user has not set. Memoised per revision."""
        if self._resolved[0] != self.revision:
            model = ClusterModel(self.plan, self.catalog)
            self._resolved = (self.revision, self.plan.model_copy(update={"site": model.site,
                                                                          "fabrics": model.fabrics}))
        return self._resolved[1]

    @property
    def title(self) -> str:
        return self.path.name if self.path else self.plan.name

    def save(self, path: Path | None = None) -> None:
        """Write the plan atomically (designer.cluster.files) and mark it saved."""
        target = path or self.path
        if target is None:
            raise ValueError("no file name")
        save_plan(self.plan, target)
        mark_saved(self, Path(target))

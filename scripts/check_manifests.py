#!/usr/bin/env python3
"""Render every kustomization under k8s/ and validate each resource strictly.

Rendering uses `kubectl kustomize` when kubectl is on PATH; otherwise (or with
`--renderer python`) an equivalent check in Python: every resource the kustomization lists
must exist and parse, and the kustomization may use only the fields this project uses.

Each rendered resource is then checked with kubernetes-validate's strict schemas (unknown
fields are errors) for the pinned Kubernetes version. A kind without a schema is an error
too (kubernetes-validate's command line only warns), except for the CRD kinds listed in
CRD_REQUIRED_FIELDS, which get a structural check of the fields this project relies on.
Every YAML file in a kustomization directory must be listed by it, so none escapes the check.
"""

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

import kubernetes_validate
import yaml

# Custom resources that the Kubernetes schemas do not cover: the dotted paths each must have.
CRD_REQUIRED_FIELDS = {
    ("monitoring.coreos.com/v1", "ServiceMonitor"): [
        "metadata.name",
        "spec.selector.matchLabels",
        "spec.endpoints",
    ],
}

# The kustomization fields the Python renderer understands; anything else needs kubectl.
PYTHON_RENDER_FIELDS = {
    "apiVersion", "kind", "namespace", "labels", "resources", "images", "patches"
}

KUSTOMIZATION = "kustomization.yaml"


class CheckError(Exception):
    """A problem in the manifests, reported with the file it is in."""


def load_yaml_documents(path):
    """All non-empty YAML documents of a file, or a CheckError saying why it does not parse."""
    try:
        with open(path, encoding="utf-8") as handle:
            return [doc for doc in yaml.safe_load_all(handle) if doc is not None]
    except (OSError, yaml.YAMLError) as error:
        raise CheckError(f"{path}: cannot read: {error}") from error


def render_with_kubectl(directory):
    """The resources `kubectl kustomize` renders from a kustomization directory."""
    result = subprocess.run(
        ["kubectl", "kustomize", str(directory)], capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise CheckError(f"{directory}: kubectl kustomize failed:\n{result.stderr.strip()}")
    return [doc for doc in yaml.safe_load_all(result.stdout) if doc is not None]


def render_with_python(directory):
    """The resources of a kustomization, gathered recursively with its namespace applied."""
    kustomization_path = directory / KUSTOMIZATION
    documents = load_yaml_documents(kustomization_path)
    if len(documents) != 1 or not isinstance(documents[0], dict):
        raise CheckError(f"{kustomization_path}: expected one mapping")
    kustomization = documents[0]
    unknown = set(kustomization) - PYTHON_RENDER_FIELDS
    if unknown:
        raise CheckError(f"{kustomization_path}: fields {sorted(unknown)} need kubectl to render")
    resources = []
    for entry in kustomization.get("resources", []):
        target = (directory / entry).resolve()
        if target.is_dir():
            resources.extend(render_with_python(target))
        elif target.is_file():
            resources.extend(load_yaml_documents(target))
        else:
            raise CheckError(f"{kustomization_path}: resource {entry!r} does not exist")
    for entry in kustomization.get("patches", []):
        apply_patch(resources, directory / patch_path(kustomization_path, entry))
    namespace = kustomization.get("namespace")
    for resource in resources:
        if namespace and resource.get("kind") != "Namespace":
            resource.setdefault("metadata", {})["namespace"] = namespace
    return resources


def patch_path(kustomization_path, entry):
    """The file of a `patches` entry (only file patches are understood)."""
    if not isinstance(entry, dict) or set(entry) != {"path"}:
        raise CheckError(f"{kustomization_path}: patch {entry!r} needs kubectl to render")
    return entry["path"]


def merge(target, patch):
    """A strategic merge as kustomize does it for the fields this project patches: mappings
    merge key by key, anything else (lists included) is replaced."""
    for key, value in patch.items():
        if isinstance(value, dict) and isinstance(target.get(key), dict):
            merge(target[key], value)
        else:
            target[key] = value


def identity(resource):
    """A resource's kind and name."""
    return resource.get("kind"), resource.get("metadata", {}).get("name")


def apply_patch(resources, path):
    """Merges the patch at `path` into the one resource of its kind and name."""
    for patch in load_yaml_documents(path):
        key = identity(patch)
        targets = [resource for resource in resources if identity(resource) == key]
        if len(targets) != 1:
            raise CheckError(f"{path}: patches {key}, found {len(targets)} such resources")
        merge(targets[0], {k: v for k, v in patch.items() if k not in ("apiVersion", "kind")})


def has_path(document, dotted):
    """Whether a nested mapping has a non-empty value at a dotted path."""
    node = document
    for key in dotted.split("."):
        if not isinstance(node, dict) or key not in node:
            return False
        node = node[key]
    return node not in (None, "", [], {})


def validate_resource(resource, version):
    """Error messages for one rendered resource (empty when it is valid)."""
    if not isinstance(resource, dict):
        return [f"not a mapping: {resource!r}"]
    kind_key = (resource.get("apiVersion"), resource.get("kind"))
    name = f"{kind_key[1]}/{resource.get('metadata', {}).get('name')}"
    if kind_key in CRD_REQUIRED_FIELDS:
        missing = [path for path in CRD_REQUIRED_FIELDS[kind_key] if not has_path(resource, path)]
        return [f"{name}: missing {path}" for path in missing]
    try:
        kubernetes_validate.validate(resource, version, strict=True)
    except kubernetes_validate.SchemaNotFoundError as error:
        return [f"{name}: no schema for {kind_key[0]} {kind_key[1]}: {error!r}"]
    except kubernetes_validate.ValidationError as error:
        location = ".".join(str(part) for part in error.path)
        return [f"{name}: {location}: {error.message}"]
    return []


def orphan_manifests(directory):
    """YAML files in a kustomization directory that its kustomization does not list."""
    kustomization = load_yaml_documents(directory / KUSTOMIZATION)[0]
    entries = list(kustomization.get("resources", []))
    entries += [entry["path"] for entry in kustomization.get("patches", []) if "path" in entry]
    listed = {(directory / entry).resolve() for entry in entries}
    files = set(directory.glob("*.yaml")) | set(directory.glob("*.yml"))
    return sorted(
        path for path in files if path.name != KUSTOMIZATION and path.resolve() not in listed
    )


def render(directory, renderer):
    """The rendered resources of one kustomization directory."""
    if renderer == "kubectl":
        return render_with_kubectl(directory)
    return render_with_python(directory)


def check(root, version, renderer):
    """Every problem found under the manifest root, one message each."""
    problems = []
    directories = sorted(path.parent for path in root.rglob(KUSTOMIZATION))
    if not directories:
        return [f"{root}: no {KUSTOMIZATION} found"]
    for directory in directories:
        try:
            orphans = orphan_manifests(directory)
            problems += [f"{path}: not listed in {KUSTOMIZATION}" for path in orphans]
            resources = render(directory, renderer)
        except CheckError as error:
            problems.append(str(error))
            continue
        if not resources:
            problems.append(f"{directory}: renders no resources")
        for resource in resources:
            messages = validate_resource(resource, version)
            problems += [f"{directory}: {message}" for message in messages]
        print(f"{directory}: {len(resources)} resources rendered ({renderer}) and checked")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", type=Path, help="directory holding the kustomizations (k8s)")
    parser.add_argument("--kubernetes-version", required=True, help="e.g. 1.33.0")
    parser.add_argument(
        "--renderer",
        choices=["auto", "kubectl", "python"],
        default="auto",
        help="auto: kubectl when it is on PATH, else python",
    )
    args = parser.parse_args()
    renderer = args.renderer
    if renderer == "auto":
        renderer = "kubectl" if shutil.which("kubectl") else "python"
    problems = check(args.root, args.kubernetes_version, renderer)
    for problem in problems:
        print(f"ERROR {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

//! The deployment files (k8s/, Dockerfile) agree with the binary: every `GOMOKU_*` variable
//! they set is one `gomoku-ai serve` reads (and every one it reads is set), their values are
//! accepted by its parser, the container port is the port it binds, the probe and scrape paths
//! answer on a real server, the pod's termination grace covers the service's own, and the
//! Docker build context holds every file the binary embeds.

use std::collections::{BTreeMap, BTreeSet};
use std::net::TcpListener;
use std::path::{Path, PathBuf};

use clap::{Args, Command, FromArgMatches};
use gomoku_ai::service::config::{Settings, DEFAULT_SHUTDOWN_GRACE_SECS};
use gomoku_ai::service::startup::Application;
use serde_norway::Value;

/// Most the pod's memory may exceed the server's own bound by, in MiB: rounding, not slack.
const MAX_MEMORY_ROUNDING_MIB: u64 = 32;

/// Slack allowed between the pod's grace period and what the service needs: enough for the
/// process to exit, small enough that the numbers still visibly match.
const MAX_GRACE_SLACK_SECS: u64 = 10;

fn repo_file(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

fn manifest(name: &str) -> Value {
    yaml(&format!("k8s/base/{name}"))
}

fn yaml(relative: &str) -> Value {
    let path = repo_file(relative);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    serde_norway::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// Follows a path of mapping keys and sequence indices through a YAML document.
fn at<'a>(value: &'a Value, path: &[&str]) -> &'a Value {
    path.iter().fold(value, |node, key| {
        let next = match key.parse::<usize>() {
            Ok(index) => node.get(index),
            Err(_) => node.get(*key),
        };
        next.unwrap_or_else(|| panic!("no {key} in the path {path:?}"))
    })
}

fn text<'a>(value: &'a Value, path: &[&str]) -> &'a str {
    at(value, path)
        .as_str()
        .unwrap_or_else(|| panic!("{path:?} is not a string"))
}

fn number(value: &Value, path: &[&str]) -> u64 {
    at(value, path)
        .as_u64()
        .unwrap_or_else(|| panic!("{path:?} is not a number"))
}

fn pod_spec() -> Value {
    at(&manifest("deployment.yaml"), &["spec", "template", "spec"]).clone()
}

fn container() -> Value {
    at(&pod_spec(), &["containers", "0"]).clone()
}

/// The `gomoku-ai serve` arguments, as the binary defines them.
fn serve_command() -> Command {
    Settings::augment_args(Command::new("serve"))
}

/// Environment variable name → long flag, for every `serve` setting.
fn serve_variables() -> BTreeMap<String, String> {
    serve_command()
        .get_arguments()
        .filter_map(|arg| {
            let env = arg.get_env()?.to_str()?.to_string();
            Some((env, arg.get_long()?.to_string()))
        })
        .collect()
}

/// The ConfigMap's settings.
fn configmap() -> BTreeMap<String, String> {
    let data = at(&manifest("configmap.yaml"), &["data"]).clone();
    serde_norway::from_value(data).expect("ConfigMap data is a map of strings")
}

/// Names of the variables the container sets itself (beside the ConfigMap).
fn container_env_names() -> BTreeSet<String> {
    let container = container();
    let env = at(&container, &["env"])
        .as_sequence()
        .expect("env is a list");
    env.iter()
        .map(|var| text(var, &["name"]).to_string())
        .collect()
}

/// `ENV` assignments of the Dockerfile's last (runtime) stage.
fn dockerfile_runtime_env() -> BTreeMap<String, String> {
    let dockerfile = std::fs::read_to_string(repo_file("Dockerfile")).expect("Dockerfile");
    let joined = dockerfile.replace("\\\n", " ");
    let runtime = joined.rsplit("\nFROM ").next().expect("a FROM line");
    runtime
        .lines()
        .filter_map(|line| line.trim().strip_prefix("ENV "))
        .flat_map(str::split_whitespace)
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn port_of(bind: &str) -> u16 {
    bind.rsplit_once(':')
        .and_then(|(_, port)| port.parse().ok())
        .unwrap_or_else(|| panic!("{bind} has no port"))
}

#[test]
fn every_variable_the_manifests_set_is_read_by_serve() {
    let known = serve_variables();
    let set: BTreeSet<String> = configmap()
        .into_keys()
        .chain(container_env_names())
        .chain(dockerfile_runtime_env().into_keys())
        .collect();
    let unknown: Vec<_> = set
        .iter()
        .filter(|name| !known.contains_key(*name))
        .collect();
    assert!(
        unknown.is_empty(),
        "not read by `gomoku-ai serve`: {unknown:?}"
    );
}

#[test]
fn every_serve_setting_is_set_explicitly_in_the_deployment() {
    let mut set: BTreeSet<String> = configmap().into_keys().collect();
    set.extend(container_env_names());
    let missing: Vec<_> = serve_variables()
        .into_keys()
        .filter(|n| !set.contains(n))
        .collect();
    assert!(
        missing.is_empty(),
        "not set by the ConfigMap or the container: {missing:?}"
    );
}

#[test]
fn configmap_values_are_accepted_by_serve() {
    assert_eq!(deployed_settings().bind, configmap()["GOMOKU_BIND"]);
}

/// The ConfigMap's settings as `serve` parses them, with the searches at once the container
/// derives from its CPU limit.
fn deployed_settings() -> Settings {
    let flags = serve_variables();
    let cpus = text(&container(), &["resources", "limits", "cpu"]).to_string();
    let mut args = vec!["serve".to_string(), format!("--search-threads={cpus}")];
    for (name, value) in configmap() {
        args.push(format!("--{}={value}", flags[&name]));
    }
    let matches = serve_command()
        .try_get_matches_from(&args)
        .expect("the ConfigMap's settings parse");
    Settings::from_arg_matches(&matches).expect("settings")
}

/// A quantity in Mi as a number of MiB.
fn mebibytes(quantity: &str) -> u64 {
    quantity
        .strip_suffix("Mi")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{quantity} is not in Mi"))
}

#[test]
fn the_pods_memory_is_the_servers_own_bound_rounded_up() {
    let bound = deployed_settings().memory_bound_mb();
    let resources = at(&container(), &["resources"]).clone();
    for side in ["requests", "limits"] {
        let memory = mebibytes(text(&resources, &[side, "memory"]));
        assert!(
            (bound..=bound + MAX_MEMORY_ROUNDING_MIB).contains(&memory),
            "{side}.memory {memory} Mi vs the server's bound {bound} MiB"
        );
    }
}

#[test]
fn the_redis_overlay_points_the_service_at_its_redis_and_admits_only_the_service() {
    let overlay = "k8s/overlays/redis";
    let patch = yaml(&format!("{overlay}/configmap-patch.yaml"));
    let url = text(&patch, &["data", "GOMOKU_REDIS_URL"]).to_string();
    let service = yaml(&format!("{overlay}/redis-service.yaml"));
    let name = text(&service, &["metadata", "name"]);
    let port = number(&service, &["spec", "ports", "0", "port"]);
    assert_eq!(url, format!("redis://{name}:{port}/0"));
    let settings = Settings {
        redis_url: Some(url),
        ..Settings::default()
    };
    assert!(settings.shared_cache_url().is_some());
    assert_eq!(
        configmap()["GOMOKU_REDIS_URL"],
        "",
        "the base leaves it off"
    );

    let redis = yaml(&format!("{overlay}/redis-deployment.yaml"));
    let pod = at(&redis, &["spec", "template"]).clone();
    let labels = at(&pod, &["metadata", "labels"]).clone();
    assert_eq!(at(&service, &["spec", "selector"]), &labels);
    let policy = yaml(&format!("{overlay}/redis-networkpolicy.yaml"));
    assert_eq!(
        at(&policy, &["spec", "podSelector", "matchLabels"]),
        &labels
    );
    let api_labels = pod_spec_labels();
    let from = at(&policy, &["spec", "ingress", "0", "from"]);
    assert_eq!(from.as_sequence().map(Vec::len), Some(1), "one source only");
    assert_eq!(at(from, &["0", "podSelector", "matchLabels"]), &api_labels);
    let allowed = yaml(&format!("{overlay}/networkpolicy-patch.yaml"));
    let to = at(&allowed, &["spec", "egress", "0", "to", "0", "podSelector"]);
    assert_eq!(at(to, &["matchLabels"]), &labels);
    let container = at(&pod, &["spec", "containers", "0"]);
    assert_eq!(
        number(container, &["ports", "0", "containerPort"]),
        port,
        "the Service's port is Redis's"
    );
    for field in ["runAsNonRoot", "readOnlyRootFilesystem"] {
        assert_eq!(
            at(container, &["securityContext", field]).as_bool(),
            Some(true)
        );
    }
    for probe in ["readinessProbe", "livenessProbe"] {
        at(container, &[probe]);
    }
    at(container, &["resources", "limits", "memory"]);
}

/// The labels of the service's pods.
fn pod_spec_labels() -> Value {
    at(
        &manifest("deployment.yaml"),
        &["spec", "template", "metadata", "labels"],
    )
    .clone()
}

#[test]
fn container_port_is_the_port_the_service_binds_on_every_interface() {
    let container = container();
    let port = number(&container, &["ports", "0", "containerPort"]);
    assert_eq!(text(&container, &["ports", "0", "name"]), "http");
    for bind in [
        &configmap()["GOMOKU_BIND"],
        &dockerfile_runtime_env()["GOMOKU_BIND"],
    ] {
        assert!(
            bind.starts_with("0.0.0.0:"),
            "{bind} is not reachable from outside the pod"
        );
        assert_eq!(
            u64::from(port_of(bind)),
            port,
            "{bind} vs containerPort {port}"
        );
    }
    let dockerfile = std::fs::read_to_string(repo_file("Dockerfile")).expect("Dockerfile");
    assert!(
        dockerfile.contains(&format!("\nEXPOSE {port}\n")),
        "Dockerfile EXPOSEs {port}"
    );
    let service = manifest("service.yaml");
    assert_eq!(
        text(&service, &["spec", "ports", "0", "targetPort"]),
        "http"
    );
    for probe in ["startupProbe", "readinessProbe", "livenessProbe"] {
        assert_eq!(
            text(&container, &[probe, "httpGet", "port"]),
            "http",
            "{probe}"
        );
    }
}

#[test]
fn termination_grace_covers_pre_stop_and_the_service_grace() {
    let grace = configmap()
        .get("GOMOKU_SHUTDOWN_GRACE_SECS")
        .map_or(DEFAULT_SHUTDOWN_GRACE_SECS, |v| {
            v.parse().expect("a number")
        });
    let pod = pod_spec();
    let pre_stop = number(
        &pod,
        &[
            "containers",
            "0",
            "lifecycle",
            "preStop",
            "sleep",
            "seconds",
        ],
    );
    let termination = number(&pod, &["terminationGracePeriodSeconds"]);
    let needed = pre_stop + grace;
    assert!(
        (needed..=needed + MAX_GRACE_SLACK_SECS).contains(&termination),
        "terminationGracePeriodSeconds {termination}: preStop {pre_stop} + grace {grace}"
    );
    let max_time_ms: u64 = configmap()["GOMOKU_MAX_TIME_MS"].parse().expect("a number");
    assert!(
        max_time_ms < grace * 1000,
        "a longest search must end within the grace period"
    );
}

#[tokio::test]
async fn probe_and_scrape_paths_answer_on_a_real_server() {
    let container = container();
    let annotations = at(
        &manifest("deployment.yaml"),
        &["spec", "template", "metadata", "annotations"],
    )
    .clone();
    let monitor_path = repo_file("k8s/overlays/prometheus-operator/servicemonitor.yaml");
    let monitor: Value =
        serde_norway::from_str(&std::fs::read_to_string(monitor_path).expect("ServiceMonitor"))
            .expect("ServiceMonitor YAML");
    let paths = [
        text(&container, &["startupProbe", "httpGet", "path"]),
        text(&container, &["readinessProbe", "httpGet", "path"]),
        text(&container, &["livenessProbe", "httpGet", "path"]),
        text(&annotations, &["prometheus.io/path"]),
        text(&monitor, &["spec", "endpoints", "0", "path"]),
    ];
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind port 0");
    let settings = Settings {
        workers: Some(1),
        ..Settings::default()
    };
    let app = Application::with_listener(listener, &settings).expect("build app");
    let address = format!("http://127.0.0.1:{}", app.port());
    tokio::spawn(app.run_until_stopped());
    let client = reqwest::Client::new();
    for path in paths {
        // Like a kubelet, retry while the instance warms up (readiness is 503 until then).
        let mut status = 0;
        for _ in 0..100 {
            let response = client
                .get(format!("{address}{path}"))
                .send()
                .await
                .expect("request sent");
            status = response.status().as_u16();
            if status == 200 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert_eq!(status, 200, "GET {path}");
    }
}

/// Whether a `.dockerignore` glob matches a whole path: `*` is any run within one path
/// component, `?` one character of it, anything else itself (Go's `filepath.Match`, which
/// Docker uses).
fn glob_matches(pattern: &[u8], path: &[u8]) -> bool {
    match (pattern.split_first(), path.split_first()) {
        (None, None) => true,
        (Some((b'*', rest)), _) => {
            glob_matches(rest, path)
                || path
                    .split_first()
                    .is_some_and(|(&c, tail)| c != b'/' && glob_matches(pattern, tail))
        }
        (Some((b'?', rest)), Some((&c, tail))) => c != b'/' && glob_matches(rest, tail),
        (Some((&p, rest)), Some((&c, tail))) => p == c && glob_matches(rest, tail),
        _ => false,
    }
}

/// Whether Docker leaves `path` (relative to the repository) out of the build context: the
/// last `.dockerignore` line that matches it or one of its parent folders decides, a `!` line
/// taking the path back in.
fn docker_ignores(path: &str) -> bool {
    let rules = std::fs::read_to_string(repo_file(".dockerignore")).expect(".dockerignore");
    let prefixes: Vec<&str> = path
        .match_indices('/')
        .map(|(at, _)| &path[..at])
        .chain([path])
        .collect();
    let mut ignored = false;
    for line in rules.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (keep, pattern) = line.strip_prefix('!').map_or((false, line), |p| (true, p));
        if prefixes
            .iter()
            .any(|prefix| glob_matches(pattern.as_bytes(), prefix.as_bytes()))
        {
            ignored = !keep;
        }
    }
    ignored
}

/// The repository-relative files that `include_str!` and `include_bytes!` read under `dir`.
fn included_files(dir: &Path, found: &mut BTreeSet<String>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for entry in std::fs::read_dir(dir).expect("source folder") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            included_files(&path, found);
            continue;
        }
        let source = std::fs::read_to_string(&path).expect("source file");
        for macro_call in ["include_str!(\"", "include_bytes!(\""] {
            for (at, _) in source.match_indices(macro_call) {
                let rest = &source[at + macro_call.len()..];
                let relative = &rest[..rest.find('"').expect("closing quote")];
                let target = path.parent().expect("a folder").join(relative);
                let target = target.canonicalize().expect("the included file exists");
                let target = target.strip_prefix(root.canonicalize().unwrap()).unwrap();
                found.insert(target.to_string_lossy().into_owned());
            }
        }
    }
}

#[test]
fn the_docker_build_context_holds_every_file_the_binary_includes() {
    assert!(docker_ignores("target/release/x") && docker_ignores("NOTES.md"));
    assert!(!docker_ignores("README.md") && !docker_ignores("src/main.rs"));
    let mut included = BTreeSet::new();
    included_files(&repo_file("src"), &mut included);
    assert!(
        included.contains("openings/freestyle-15.txt"),
        "{included:?}"
    );
    let missing: Vec<&String> = included.iter().filter(|f| docker_ignores(f)).collect();
    assert!(
        missing.is_empty(),
        "left out of the Docker build context: {missing:?}"
    );
}

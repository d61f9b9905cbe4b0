//! The deployment files (k8s/, Dockerfile) agree with the binary: every `GOMOKU_*` variable
//! they set is one `gomoku-ai serve` reads (and every one it reads is set), their values are
//! accepted by its parser, the container port is the port it binds, the probe and scrape paths
//! answer on a real server, and the pod's termination grace covers the service's own.

use std::collections::{BTreeMap, BTreeSet};
use std::net::TcpListener;
use std::path::{Path, PathBuf};

use clap::{Args, Command, FromArgMatches};
use gomoku_ai::service::config::{Settings, DEFAULT_SHUTDOWN_GRACE_SECS};
use gomoku_ai::service::startup::Application;
use serde_norway::Value;

/// Slack allowed between the pod's grace period and what the service needs: enough for the
/// process to exit, small enough that the numbers still visibly match.
const MAX_GRACE_SLACK_SECS: u64 = 10;

fn repo_file(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

fn manifest(name: &str) -> Value {
    let path = repo_file(&format!("k8s/base/{name}"));
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
    let flags = serve_variables();
    let mut args = vec!["serve".to_string()];
    for (name, value) in configmap() {
        args.push(format!("--{}={value}", flags[&name]));
    }
    let matches = serve_command()
        .try_get_matches_from(&args)
        .unwrap_or_else(|e| panic!("the ConfigMap's settings are rejected: {e}"));
    let settings = Settings::from_arg_matches(&matches).expect("settings");
    assert_eq!(settings.bind, configmap()["GOMOKU_BIND"]);
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

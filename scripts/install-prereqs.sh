#!/usr/bin/env bash
# Installs what SchemaRAG needs on Debian bookworm: Java 17 + Maven, PostgreSQL 15 and pgvector built from Debian's
# own pgvector source package (bookworm ships no binary one), MariaDB (server and client: the embedded stack's
# second dialect, `stack up --with mariadb`), docker-compose to validate the compose file, and Chromium with its
# chromedriver for the web console's browser tests.
# Idempotent: does nothing when all of them are already present.
set -euo pipefail

PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config
PG_SHARE=/usr/share/postgresql/15/extension

have_mariadb() {
  command -v mariadbd >/dev/null && command -v mariadb-install-db >/dev/null && command -v mariadb >/dev/null
}

have_pgvector() {
  [ -x "$PG_CONFIG" ] && [ -f "$PG_SHARE/vector.control" ] && [ -f "$("$PG_CONFIG" --pkglibdir)/vector.so" ]
}

if have_pgvector && have_mariadb && command -v mvn >/dev/null && command -v java >/dev/null && command -v docker-compose >/dev/null \
  && [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
  echo "prereqs: PostgreSQL 15 + pgvector, MariaDB, Maven, docker-compose, Chromium and chromedriver already installed"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  SUDO=sudo
else
  SUDO=
fi
export DEBIAN_FRONTEND=noninteractive

$SUDO apt-get update -qq
$SUDO apt-get install -y -qq postgresql-15 postgresql-contrib postgresql-server-dev-15 \
  build-essential dpkg-dev maven openjdk-17-jdk-headless ca-certificates \
  docker-compose chromium chromium-driver >/dev/null
# docker-compose only validates docker-compose.yml (no engine is needed); chromium and chromium-driver run the web
# console's browser tests (WebConsoleIT points Selenium at /usr/bin/chromium and /usr/bin/chromedriver)

if ! have_mariadb; then
  # The stack runs its own mariadbd (own data directory, port 53306): keep Debian's service from starting on 3306
  # while the package installs, unless a policy is already in place (containers usually have one).
  policy=/usr/sbin/policy-rc.d
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null
    $SUDO chmod 755 "$policy"
    trap '$SUDO rm -f /usr/sbin/policy-rc.d' EXIT  # also when the install fails
  fi
  $SUDO apt-get install -y -qq mariadb-server mariadb-client >/dev/null
fi

if ! have_pgvector; then
  # Source entries for trixie only (no binaries from it): pgvector's Debian source package.
  if [ ! -f /etc/apt/sources.list.d/schemarag-trixie-src.sources ]; then
    $SUDO tee /etc/apt/sources.list.d/schemarag-trixie-src.sources >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
    $SUDO apt-get update -qq
  fi
  build_dir=$(mktemp -d)
  chmod a+rwx "$build_dir"  # apt-get source downloads as the _apt user
  (
    cd "$build_dir"
    apt-get source -qq pgvector >/dev/null
    cd pgvector-*/
    # Portable code: no -march=native, so the library runs on any x86-64 machine.
    make -s PG_CONFIG="$PG_CONFIG" OPTFLAGS=""
    $SUDO make -s PG_CONFIG="$PG_CONFIG" OPTFLAGS="" install
  )
  rm -rf "$build_dir"
fi

have_pgvector && echo "prereqs: pgvector installed for PostgreSQL 15"
have_mariadb && echo "prereqs: MariaDB installed ($(mariadbd --version))"

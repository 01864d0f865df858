# qahwa — the two commands that matter: `make dev` runs the whole store, `make test` runs every test.
# Everything is done by scripts/*.sh; see README.md.
SHELL := /usr/bin/env bash

.PHONY: help dev start cluster cluster-stop test bench soak services stop status install lint typecheck db clean-data

help:
	@echo "make dev         install what is missing, start services, migrate + seed, run the store"
	@echo "make start       the same store as make dev, with production builds of web and admin (a try-out)"
	@echo "make cluster     the store as a cluster: 3 NATS, PostgreSQL primary + standby, 2 of each process, HAProxy"
	@echo "make cluster-stop  stop every process make cluster started"
	@echo "make test        install what is missing, start services, run every check and test"
	@echo "make install     install Debian packages, the Temporal CLI, stripe-mock, node_modules"
	@echo "make services    start PostgreSQL, NATS, Temporal and stripe-mock (reusing running ones)"
	@echo "make status      show which services answer"
	@echo "make stop        stop the services these scripts started"
	@echo "make db          create the role and databases, migrate and seed"
	@echo "make lint        biome check ."
	@echo "make typecheck   type-check every workspace"
	@echo "make bench       run scripts/bench.sh if there is one"
	@echo "make soak        full counts: 1,000 card race rounds, 10,000-cart properties, 5,000-order dashboard"
	@echo "make clean-data  stop our services and delete .data/ (databases, logs, reports)"

dev:
	@bash scripts/dev.sh

start:
	@bash scripts/dev.sh start

cluster:
	@bash scripts/cluster.sh start

cluster-stop:
	@bash scripts/cluster.sh stop

test:
	@bash scripts/test.sh

bench:
	@if [ -f scripts/bench.sh ]; then bash scripts/bench.sh; else echo "no benchmarks yet (scripts/bench.sh does not exist)"; fi

soak:
	bash scripts/soak.sh

install:
	@bash scripts/install.sh

services:
	@bash scripts/services.sh start

status:
	@bash scripts/services.sh status

stop:
	@bash scripts/services.sh stop

db: services
	@bash scripts/db.sh setup

lint:
	npx --no -- biome check .

typecheck:
	npm run typecheck

clean-data: stop
	rm -rf .data

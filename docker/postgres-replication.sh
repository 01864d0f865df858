#!/bin/sh
# Run once by the postgres image when it creates its database: lets the cluster profile's standby
# (postgres-standby, pg_basebackup over the compose network) connect for replication as the
# store's role, with its password. The image's own rule ("host all all all") does not cover
# replication connections.
set -e
echo "host replication ${POSTGRES_USER} all scram-sha-256" >>"$PGDATA/pg_hba.conf"

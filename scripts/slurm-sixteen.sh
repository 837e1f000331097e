#!/bin/sh
# Writes a Slurm batch script, on stdout, that solves Sixteen Soldiers up to PIECES pieces
# with guti-mpi on NODES nodes, one rank a node (each rank's OpenMP threads take the
# node's cores), into DIR, a directory every node sees (a shared file system: NFS, Lustre,
# GPFS), within MEMORY GB a rank; then verifies every table and writes the statistics.
# Submit it with sbatch; run it again after a failure or a time limit: it resumes from
# the tables it finished. As GamesmanOne writes its srun scripts, this only writes one.
#
# usage: sh scripts/slurm-sixteen.sh PIECES NODES MEMORY DIR [RULES [HOURS]] > solve.sbatch
#        sbatch solve.sbatch
set -eu
if [ $# -lt 4 ] || [ $# -gt 6 ]; then
    echo "usage: sh scripts/slurm-sixteen.sh PIECES NODES MEMORY DIR [RULES [HOURS]]" >&2
    exit 2
fi
pieces=$1 nodes=$2 memory=$3 dir=$4 rules=${5:-optional} hours=${6:-24}
for n in "$pieces" "$nodes" "$hours"; do
    case $n in
    '' | *[!0-9]*)
        echo "slurm-sixteen.sh: expected a whole number, got '$n'" >&2
        exit 2
        ;;
    esac
done
case $dir in
/*) ;;
*)
    echo "slurm-sixteen.sh: DIR must be an absolute path every node sees, got '$dir'" >&2
    exit 2
    ;;
esac
# verify --full holds a whole material and every smaller one on one node: 21 GB at 9
# pieces, about 110 GB at 10 (6+4's 73 GB of codes beside 37 GB); past 9 pieces the job
# checks the checksums, and --full is for a node that large
full='--full '
[ "$pieces" -le 9 ] || full=''
# rank 0 only hands out work; the others solve: one more node than workers
ranks=$((nodes + 1))
# the node's memory Slurm gives each job step: the bound and a margin for the index
mem_mb=$(awk -v g="$memory" 'BEGIN { printf "%d", g * 1000 * 1.1 + 2000 }')
cat <<EOF
#!/bin/bash
#SBATCH --job-name=guti-sixteen-$pieces
#SBATCH --nodes=$nodes
#SBATCH --ntasks=$ranks
#SBATCH --overcommit
#SBATCH --mem=${mem_mb}M
#SBATCH --time=$hours:00:00
#SBATCH --output=guti-sixteen-$pieces-%j.log
# Made by: sh scripts/slurm-sixteen.sh $*
set -euo pipefail
mkdir -p '$dir'
# rank 0 (the manager) sleeps while it waits, so it shares the first node with a worker;
# each worker's OpenMP threads take its node's cores
export OMP_NUM_THREADS=\${SLURM_CPUS_ON_NODE:-1}
srun --ntasks=$ranks --distribution=cyclic guti-mpi solve sixteen --pieces $pieces --rules $rules \\
    --memory $memory --dir '$dir' --quiet
# every table's checksums, then every position re-derived from its successors
guti verify $full--dir '$dir' --quiet
# the statistics, as data/sixteen-*.md are made
guti stats --dir '$dir' --rules $rules --format md > guti-sixteen-$pieces-$rules.md
guti stats --dir '$dir' --rules $rules --format csv > guti-sixteen-$pieces-$rules.csv
EOF

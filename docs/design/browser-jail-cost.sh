#!/bin/bash
# What Chromium's bubblewrap jail costs (issue 45; README "Security"): Chromium started as the
# sandbox user, one --screenshot of a 40-row page, exit; taking turns without and with the jail
# that crates/engines/src/sandbox/bwrap.rs (`Jail::browser`) and browser/launch.rs build.
# Run as root on a machine prepared by `cargo xtask test`; prints "<plain|jail> <ms>" per run.
# Usage: browser-jail-cost.sh [runs of each, default 10]
set -u
# Chromium start + one --screenshot of a 40-row page, as suite-sandbox, alternating jailed/unjailed.
SBX_UID=$(id -u suite-sandbox); SBX_GID=$(id -g suite-sandbox)
PAGE='data:text/html,<table>'$(for i in $(seq 40); do printf '<tr><td>row %d</td><td>%d.00</td></tr>' $i $i; done)'</table>'
FLAGS="--headless --disable-setuid-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --disable-breakpad --window-size=1280,800"
one() {
  H=$(mktemp -d /tmp/suite-chromium-XXXX); mkdir $H/tmp; chown -R suite-sandbox:suite-sandbox $H; chmod 700 $H $H/tmp
  cd /
  local t0=$(date +%s%N)
  if [ "$1" = jail ]; then
    setpriv --reuid=$SBX_UID --regid=$SBX_GID --clear-groups prlimit --fsize=1073741824 --nofile=8192 --core=0 -- bwrap --unshare-user --unshare-pid --unshare-ipc --unshare-uts --unshare-cgroup-try --die-with-parent --new-session --cap-drop ALL --ro-bind /usr /usr --symlink usr/lib /lib --symlink usr/lib64 /lib64 --symlink usr/bin /bin --symlink usr/sbin /sbin --ro-bind-try /etc/ld.so.cache /etc/ld.so.cache --ro-bind-try /etc/fonts /etc/fonts --ro-bind-try /var/cache/fontconfig /var/cache/fontconfig --proc /proc --dev /dev --tmpfs /tmp --clearenv --setenv PATH /usr/bin --setenv LANG C.UTF-8 --ro-bind-try /etc/ssl /etc/ssl --ro-bind-try /etc/localtime /etc/localtime --ro-bind-try /etc/hosts /etc/hosts --ro-bind-try /etc/resolv.conf /etc/resolv.conf --ro-bind-try /etc/nsswitch.conf /etc/nsswitch.conf --ro-bind-try /etc/chromium.d /etc/chromium.d --ro-bind-try /etc/chromium /etc/chromium --bind $H $H --chdir $H --hostname browser --setenv HOME $H --setenv TMPDIR $H/tmp -- /usr/bin/chromium $FLAGS --user-data-dir=$H/data --screenshot=$H/shot.png "$PAGE" >/dev/null 2>&1
  else
    env -i PATH=/usr/bin:/bin LANG=C.UTF-8 HOME=$H TMPDIR=$H/tmp setpriv --reuid=$SBX_UID --regid=$SBX_GID --clear-groups --no-new-privs -- /usr/bin/chromium $FLAGS --user-data-dir=$H/data --screenshot=$H/shot.png "$PAGE" >/dev/null 2>&1
  fi
  local t1=$(date +%s%N)
  [ -s $H/shot.png ] || echo "no shot ($1)" >&2
  rm -rf $H
  echo "$1 $(( (t1-t0)/1000000 ))"
}
for i in $(seq ${1:-10}); do one plain; one jail; done

-- hostile: --csv naming a FIFO (as root, --csv /dev/null): the CSV was written beside it and renamed over it, replacing the FIFO or device by a regular file
-- args: --timeout 2 --memory 64 --csv pipe.csv
-- fifo: pipe.csv
-- stderr: loom: --csv: 'pipe.csv' is not a regular file: loom replaces only regular files
-- within: 1.5
return loom.world{}

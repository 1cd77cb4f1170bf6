-- hostile: --video naming a FIFO: the video was made beside it and renamed over it
-- args: --timeout 2 --memory 64 --video pipe.mp4
-- fifo: pipe.mp4
-- stderr: loom: --video: 'pipe.mp4' is not a regular file: loom replaces only regular files
-- within: 1.5
return loom.world{}

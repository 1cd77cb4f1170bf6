-- hostile: an error whose object is a table, not a string
-- stderr: (error object is a table value)
error({ 1, 2, 3 })

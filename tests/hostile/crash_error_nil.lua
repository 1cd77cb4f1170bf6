-- hostile: an error whose object is nil
-- stderr: (error object is a nil value)
error(nil)

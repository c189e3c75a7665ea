/* mark: here there */

/* known-positive "x" */
